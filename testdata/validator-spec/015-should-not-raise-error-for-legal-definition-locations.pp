function aaa::bbB::ccc() {}
