node 'ok.example.com' {
}
node 'web 01' {
}
