class unit {}
