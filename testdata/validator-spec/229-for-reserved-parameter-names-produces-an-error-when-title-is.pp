class x ($title) {}
