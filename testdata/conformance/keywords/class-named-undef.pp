class undef {
}
