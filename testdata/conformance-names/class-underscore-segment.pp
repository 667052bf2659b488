# underscore segment
class foo::_bar {
}
