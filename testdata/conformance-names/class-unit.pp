# reserved type name
class unit {
}
