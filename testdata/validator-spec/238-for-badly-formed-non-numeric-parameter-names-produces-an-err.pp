define x ($a::team) {}
