node web-01.example.com {
}
