class default {
}
