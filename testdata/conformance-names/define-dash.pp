# dash
define foo::b-ar() {
}
