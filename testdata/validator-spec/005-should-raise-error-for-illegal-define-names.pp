define Aaa {}
