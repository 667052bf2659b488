# default is a keyword: a syntax error as a class name
class default {
}
