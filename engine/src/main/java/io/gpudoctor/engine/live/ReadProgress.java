package io.gpudoctor.engine.live;

/** Hears when each read starts and ends, to tell the operator what a slow collection waits for. */
public interface ReadProgress {
  ReadProgress NONE = new ReadProgress() {
    @Override
    public void started(String command, int total) {}

    @Override
    public void finished(String command) {}
  };

  /** {@code total}: how many reads are known so far (the follow-up reads are added once the lists are in). */
  void started(String command, int total);

  void finished(String command);
}
