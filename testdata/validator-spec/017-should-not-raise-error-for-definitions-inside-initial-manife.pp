class bbb::ccc::ddd() {}
