# keyword as a function name
function case() {
}
