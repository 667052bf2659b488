class numeric {}
