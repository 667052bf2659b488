class a inherits default {
}
