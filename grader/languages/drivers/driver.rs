
// ---- the harness's driver, appended after the student's file: its entry point called with
// each request's arguments (grader_driver: driver_lib.rs) ----
fn main() {
    #[allow(unused_imports)]
    use grader_driver::{FromJson, Wire};
    grader_driver::serve(&|args: &[grader_driver::Json]| {
        let mut out = String::new();
        (GRADER_CALL).wire(&mut out);
        out
    });
}
