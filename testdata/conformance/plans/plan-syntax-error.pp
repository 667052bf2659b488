plan mymod::broken( {
}
