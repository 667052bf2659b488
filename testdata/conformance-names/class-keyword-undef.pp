# undef is a keyword: a syntax error as a class name
class undef {
}
