function aaa::ccc() {}
