define y{ function x() {} }
