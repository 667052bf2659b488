define x ($name) {}
