define ::aaa {}
