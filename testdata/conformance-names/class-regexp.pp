# reserved type name
class regexp {
}
