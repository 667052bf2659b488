class httpd::site {
}
