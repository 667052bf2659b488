class x ($name) {}
