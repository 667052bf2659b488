node 'Web01.example.com' {
}
