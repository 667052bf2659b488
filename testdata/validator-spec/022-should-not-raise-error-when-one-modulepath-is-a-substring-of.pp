class aaa::ccc() {}
