/abc/
