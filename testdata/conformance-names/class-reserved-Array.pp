# reserved class name
class Array {
}
