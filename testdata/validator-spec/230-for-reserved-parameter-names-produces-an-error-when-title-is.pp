define x ($title) {}
