define numeric {}
