class aaa::bbb::ccc() {}
