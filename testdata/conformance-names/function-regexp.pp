# reserved type name
function regexp() {
}
