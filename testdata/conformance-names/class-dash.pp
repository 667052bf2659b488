# dash
class foo-bar {
}
