# reserved class name
class settings {
}
