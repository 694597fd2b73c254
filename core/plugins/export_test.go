package plugins

// ProcStat is procStat for the tests of package plugins_test.
var ProcStat = procStat
