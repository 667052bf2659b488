# reserved class name
class Numeric {
}
