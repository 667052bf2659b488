class x ($03) {}
