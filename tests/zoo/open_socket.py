"""Connects to the port handed in as its only object (a listener the test opened on 127.0.0.1)."""

import socket


def generate_solution(objects, init, goal):
    port = int(next(iter(objects)))
    conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    conn.settimeout(2)
    conn.connect(("127.0.0.1", port))
    conn.sendall(b"escaped")
    conn.close()
    return ["(connected)"]
