class ::aaa {}
