# reserved class name
class any {
}
