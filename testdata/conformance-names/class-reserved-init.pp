# reserved class name
class init {
}
