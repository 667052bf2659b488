# reserved class name
class catalogentry {
}
