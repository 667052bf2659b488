function aaa::bbb::ccc() {}
