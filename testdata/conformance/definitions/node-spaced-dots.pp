node foo . bar {
}
