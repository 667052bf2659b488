class test {}
