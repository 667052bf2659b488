class x ($a::team) {}
