class Aaa {}
