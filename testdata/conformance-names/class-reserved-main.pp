# reserved class name
class main {
}
