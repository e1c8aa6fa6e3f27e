"""Plumbing every layer may use, and which uses nothing of genplan's: errors, paths, atomic files,
prompt templates, the terminal, and the parsing of list options."""
