# reserved class name
class string {
}
